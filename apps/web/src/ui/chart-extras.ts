import { GaugeChart, ScatterChart } from 'echarts/charts';
import { DatasetComponent, DataZoomComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

/**
 * Chart kinds only some pages draw (the CII gauge, SFOC scatter, zoomable trends). A page that uses them imports
 * this module beside `ui/chart`, so the overview's first load carries only lines, bars and pies.
 */
echarts.use([GaugeChart, ScatterChart, TitleComponent, DatasetComponent, DataZoomComponent]);

export const extraChartKinds = ['gauge', 'scatter', 'title', 'dataset', 'dataZoom'] as const;
