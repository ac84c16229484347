// Registered when a chart's option asks for it (ui/chart-parts.ts): its code is a chunk of its own.
import { PieChart } from 'echarts/charts';
import { use } from 'echarts/core';

use(PieChart);
