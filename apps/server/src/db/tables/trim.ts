import type { Generated } from 'kysely';

export interface TrimTablesTable {
  id: Generated<number>;
  file_name: string;
  csv: string;
  uploaded_at: string;
  uploaded_by: string | null;
}

export interface TrimTables {
  trim_tables: TrimTablesTable;
}
