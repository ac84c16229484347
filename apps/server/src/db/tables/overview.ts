/** Per-device console settings (migration 0007). */
export interface OverviewTables {
  device_settings: {
    device_id: string;
    key: string;
    /** JSON text. */
    value: string;
    updated_at: string;
  };
}
