import { Spin } from 'antd';
import type { LinesSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import { LinesChart, ScatterChart } from 'echarts/charts';
import type {
  GeoComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { type CSSProperties, useEffect, useState } from 'react';
import { Chart, type ChartOption } from './chart';

// The map's kinds register here, so only the routes with a sea chart load them.
echarts.use([GeoComponent, VisualMapComponent, LinesChart, ScatterChart]);

/** Options of a sea chart: the land basemap as `geo`, lines (boundaries, tracks) and points on it. */
export type SeaMapOption = ComposeOption<
  | GeoComponentOption
  | LinesSeriesOption
  | ScatterSeriesOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
>;

let registered: Promise<void> | undefined;

/**
 * Registers the land of Natural Earth (1:50m countries, world-atlas, public domain) as the map `sea`, once. It ships
 * with the console and loads with the first sea chart: no tile server, so the chart works offline.
 */
export function loadSeaMap(): Promise<void> {
  registered ??= (async () => {
    const [{ feature }, topo] = await Promise.all([
      import('topojson-client'),
      import('world-atlas/countries-50m.json'),
    ]);
    const topology = topo.default as unknown as Parameters<typeof feature>[0];
    const land = feature(topology, 'countries');
    echarts.registerMap('sea', land as never);
  })();
  return registered;
}

/** The land in the console's dark colours; pan and zoom with the mouse. */
export const seaGeo = (center: [number, number], zoom: number): GeoComponentOption => ({
  map: 'sea',
  roam: true,
  center,
  zoom,
  scaleLimit: { min: 1, max: 400 },
  silent: true,
  itemStyle: { areaColor: '#1f3356', borderColor: '#3b5583', borderWidth: 0.5 },
  emphasis: { disabled: true },
  select: { disabled: true },
});

/** A chart on the sea map; a spinner until the basemap is registered. */
export function SeaMap({
  option,
  label,
  height = '100%',
}: {
  option: SeaMapOption;
  label: string;
  height?: CSSProperties['height'];
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadSeaMap().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return <Spin />;
  return <Chart option={option as ChartOption} label={label} height={height} />;
}
