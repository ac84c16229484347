// Registered when a chart's option asks for it (ui/chart-parts.ts): its code is a chunk of its own.
import { TitleComponent } from 'echarts/components';
import { use } from 'echarts/core';

use(TitleComponent);
