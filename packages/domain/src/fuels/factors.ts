import mrvFactors from '../../data/eu-mrv-factors.json' with { type: 'json' };
import mapping from '../../data/fuel-type-mapping.json' with { type: 'json' };
import fuels from '../../data/fuels.json' with { type: 'json' };
import product from '../../data/product-fuel-types.json' with { type: 'json' };
import { DomainInputError } from '../errors.ts';

/** IMO fuel ids of `fuels.json` (MEPC.364(79) table plus H2, NH3 and shore power). */
export type ImoFuelId =
  | 'diesel_gas_oil'
  | 'lfo'
  | 'hfo'
  | 'lpg_propane'
  | 'lpg_butane'
  | 'ethane'
  | 'lng'
  | 'methanol'
  | 'ethanol'
  | 'hydrogen'
  | 'ammonia'
  | 'electricity_shore_power';

/** The product's 16 fuel types (SPEC §3). Stable ids: stored in the database and sent on the wire. */
export type ProductFuelId =
  | 'hs_hfo'
  | 'ls_hfo'
  | 'uls_hfo'
  | 'hs_lfo'
  | 'ls_lfo'
  | 'uls_lfo'
  | 'mdo_mgo'
  | 'riverboat'
  | 'lng'
  | 'lpg_propane'
  | 'lpg_butane'
  | 'methanol'
  | 'ethanol'
  | 'hydrogen'
  | 'ammonia'
  | 'electric';

/** Sulphur class label (fuel-type-mapping.json band_definitions). */
export type SulphurClass = 'HS' | 'LS' | 'ULS';

/** LNG engine classes with a default methane slip (FuelEU Annex II; used for MRV/ETS). */
export type LngEngineType = 'lng_otto_ms' | 'lng_otto_ss' | 'lng_diesel_ss' | 'lbsi';

/** A product fuel type with its display names and IMO class. */
export interface ProductFuelType {
  readonly id: ProductFuelId;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly imoFuelId: ImoFuelId;
  /** Nominal sulphur class of the product label; null where the label says nothing about sulphur. */
  readonly sulphurClass: SulphurClass | null;
  /** `t` for fuel oils and gases, `kWh` for electric energy. */
  readonly unit: 't' | 'kWh';
  /** The row of `fuel-type-mapping.json` justifying the mapping (and its flag, if any). */
  readonly mappingRow: string;
  readonly mappingFlag: string | null;
}

/** All emission factors of one fuel class. */
export interface FuelFactors {
  readonly imoFuelId: ImoFuelId;
  readonly name: string;
  /** CF, t CO2 / t fuel (MEPC.364(79); same values in EU MRV Annex I). */
  readonly cfCo2TPerT: number;
  /** IMO LCV, kJ/kg (MEPC.364(79)); null for shore power. */
  readonly lcvKjPerKg: number | null;
  /** CH4 factor of combusted fuel, t CH4 / t fuel (FuelEU Annex II TtW; MRV per 2023/2776). */
  readonly ch4TPerT: number;
  /** N2O factor, t N2O / t fuel (FuelEU Annex II TtW). */
  readonly n2oTPerT: number;
  /** True where CH4/N2O came from the "to be measured" class default rather than a fuel row. */
  readonly nonCo2FromClassDefault: boolean;
  /** FuelEU Annex II LCV, MJ/g; null where the annex has no row. */
  readonly fuelEuLcvMjPerG: number | null;
  /** FuelEU Annex II well-to-tank factor, gCO2e/MJ; null where the annex gives no default. */
  readonly wttGCo2ePerMj: number | null;
  /** Default methane slip by LNG engine class, % of fuel mass (gas fuels only). */
  readonly slipPercentByEngine: Readonly<Partial<Record<LngEngineType, number>>>;
}

const fuelEuRows = fuels.fueleu_ttw_wtt_defaults.rows as ReadonlyArray<Record<string, unknown>>;

/** Reads a factor cell: a number, `"TBM (use 0.00005)"`, `"0.00005 (class default)"`, or TBM/absent → null. */
function parseFactorCell(cell: unknown): number | null {
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return null;
  const use = /use\s+([0-9.eE-]+)/.exec(cell);
  if (use) return Number(use[1]);
  const lead = /^\s*([0-9][0-9.eE-]*)/.exec(cell);
  return lead ? Number(lead[1]) : null;
}

/** TBM rule of fuels.json: the highest default of the column. */
function columnMax(column: string): number {
  let max = 0;
  for (const row of fuelEuRows) {
    const v = typeof row[column] === 'number' ? (row[column] as number) : null;
    if (v !== null && v > max) max = v;
  }
  return max;
}

const TBM_CH4 = columnMax('Cf_CH4');
const TBM_N2O = columnMax('Cf_N2O');

const engineSlipKeys = new Map(product.lng_engine_types.map((e) => [e.slip_key, e.id as LngEngineType]));
const fuelEuRowNames = product.imo_fuel_to_fueleu_row as Record<string, string | undefined>;

function buildFactors(): ReadonlyMap<ImoFuelId, FuelFactors> {
  const out = new Map<ImoFuelId, FuelFactors>();
  for (const f of fuels.fuels) {
    const id = f.id as ImoFuelId;
    const rowName = fuelEuRowNames[id];
    const row = rowName ? fuelEuRows.find((r) => r.fuel === rowName) : undefined;
    const isShorePower = !('LCV_kJ_per_kg' in f);
    const ch4 = row ? parseFactorCell(row.Cf_CH4) : null;
    const n2o = row ? parseFactorCell(row.Cf_N2O) : null;
    const slip: Partial<Record<LngEngineType, number>> = {};
    const slipTable = row?.methane_slip_C_slip_percent_of_fuel_mass as Record<string, number> | undefined;
    if (slipTable) {
      for (const [key, value] of Object.entries(slipTable)) {
        const engine = engineSlipKeys.get(key);
        if (engine) slip[engine] = value;
      }
    }
    out.set(id, {
      imoFuelId: id,
      name: f.name,
      cfCo2TPerT: f.CF_t_CO2_per_t_fuel,
      lcvKjPerKg: 'LCV_kJ_per_kg' in f ? (f.LCV_kJ_per_kg as number) : null,
      ch4TPerT: isShorePower ? 0 : (ch4 ?? TBM_CH4),
      n2oTPerT: isShorePower ? 0 : (n2o ?? TBM_N2O),
      nonCo2FromClassDefault: !isShorePower && (ch4 === null || n2o === null),
      fuelEuLcvMjPerG: row && typeof row.LCV_MJ_per_g === 'number' ? row.LCV_MJ_per_g : null,
      wttGCo2ePerMj: row && typeof row.WtT_gCO2e_per_MJ === 'number' ? row.WtT_gCO2e_per_MJ : null,
      slipPercentByEngine: slip,
    });
  }
  return out;
}

const FACTORS = buildFactors();

const mappingFlags = new Map(
  mapping.rows.map((r) => [r.product_fuel, 'flag' in r ? (r.flag as string) : null] as const),
);

/** The product's 16 fuel types (SPEC §3), in SPEC order, with zh/en names. */
export const PRODUCT_FUEL_TYPES: readonly ProductFuelType[] = product.product_fuels.map((p) => ({
  id: p.id as ProductFuelId,
  nameEn: p.name_en,
  nameZh: p.name_zh,
  imoFuelId: p.imo_fuel_id as ImoFuelId,
  sulphurClass: p.sulphur_class as SulphurClass | null,
  unit: p.unit as 't' | 'kWh',
  mappingRow: p.mapping_row,
  mappingFlag: mappingFlags.get(p.mapping_row) ?? null,
}));

/** Product fuel ids in SPEC order. */
export const PRODUCT_FUEL_IDS: readonly ProductFuelId[] = PRODUCT_FUEL_TYPES.map((p) => p.id);

/** IMO fuel ids of `fuels.json`. */
export const IMO_FUEL_IDS: readonly ImoFuelId[] = [...FACTORS.keys()];

/** LNG engine classes with their English names. */
export const LNG_ENGINE_TYPES: readonly { id: LngEngineType; nameEn: string }[] =
  product.lng_engine_types.map((e) => ({ id: e.id as LngEngineType, nameEn: e.name_en }));

const productById = new Map(PRODUCT_FUEL_TYPES.map((p) => [p.id as string, p]));

/** True when `id` is one of the product's fuel ids. */
export function isProductFuelId(id: string): id is ProductFuelId {
  return productById.has(id);
}

/** True when `id` is one of the IMO fuel ids of `fuels.json`. */
export function isImoFuelId(id: string): id is ImoFuelId {
  return FACTORS.has(id as ImoFuelId);
}

/** The product fuel type for an id, or throws `unknown_fuel`. */
export function productFuelType(id: string, field = 'fuelId'): ProductFuelType {
  const p = productById.get(id);
  if (!p) throw new DomainInputError('unknown_fuel', field, id, `unknown product fuel type '${id}'`);
  return p;
}

/**
 * Resolves a product fuel id (`ls_hfo`) or an IMO fuel id (`hfo`) to its IMO class. CF depends on
 * the ISO 8217 grade family, not on sulphur (fuel-type-mapping.json principle). Throws `unknown_fuel`.
 */
export function resolveImoFuelId(id: string, field = 'fuelId'): ImoFuelId {
  if (isImoFuelId(id)) return id;
  const p = productById.get(id);
  if (p) return p.imoFuelId;
  throw new DomainInputError(
    'unknown_fuel',
    field,
    id,
    `unknown fuel '${id}': expected one of ${[...IMO_FUEL_IDS, ...PRODUCT_FUEL_IDS].join(', ')}`,
  );
}

/** All factors of a fuel (product or IMO id). Throws `unknown_fuel`. */
export function fuelFactors(id: string, field = 'fuelId'): FuelFactors {
  const f = FACTORS.get(resolveImoFuelId(id, field));
  if (!f) throw new DomainInputError('unknown_fuel', field, id, `no factors for fuel '${id}'`);
  return f;
}

/**
 * CF, t CO2 per t fuel (MEPC.364(79) para 2.2.1; MRV Annex I uses the same values).
 * @param id product or IMO fuel id
 */
export function co2FactorTPerT(id: string, field = 'fuelId'): number {
  return fuelFactors(id, field).cfCo2TPerT;
}

/** Methane slip, % of fuel mass, for a fuel and engine type (0 for non-gas fuels or no engine given). */
export function methaneSlipPercent(id: string, engine?: LngEngineType): number {
  if (!engine) return 0;
  const slip = fuelFactors(id).slipPercentByEngine[engine];
  if (slip === undefined && fuelFactors(id).imoFuelId === 'lng') {
    throw new DomainInputError('unknown_fuel', 'engineType', engine, `unknown LNG engine type '${engine}'`);
  }
  return slip ?? 0;
}

/** Source texts of the fuel tables, for citing in results and docs. */
export const FUEL_SOURCES = {
  cf: fuels.fuels[0]?.source ?? '',
  ttw: fuels.fueleu_ttw_wtt_defaults.note,
  mrv: mrvFactors.legal_basis.join('; '),
} as const;
