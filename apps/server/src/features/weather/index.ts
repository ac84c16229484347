/** The weather feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { WeatherRepository } from './weather.repository.ts';
import { WeatherService } from './weather.service.ts';

export { weatherRoutes } from './weather.routes.ts';
export { gribFolderOf, WeatherService } from './weather.service.ts';

/** The weather service on a store: its repository stays inside the feature. */
export function createWeatherService(
  store: Store,
  ...rest: ConstructorParameters<typeof WeatherService> extends [unknown, ...infer R] ? R : never
): WeatherService {
  return new WeatherService(new WeatherRepository(store.db), ...rest);
}
