/**
 * The columns of one rollup bucket, the ship's (`rollup_1m`, `rollup_1h`, `rollup_1d`) and the shore's copy of
 * them (`fleet_rollups`) alike. `t` is the bucket start in epoch seconds UTC; the mean is `v_sum / n`, so merging
 * two partial buckets stays exact. `last_t` (epoch ms) orders `v_last`.
 */
export interface RollupBucketColumns {
  t: number;
  n: number;
  v_sum: number;
  v_min: number;
  v_max: number;
  v_last: number;
  last_t: number;
}
