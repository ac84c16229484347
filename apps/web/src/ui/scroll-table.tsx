import { Table, type TableProps } from 'antd';

type ScrollTableProps<T> = Omit<TableProps<T>, 'size' | 'pagination' | 'scroll'> & {
  /** The most the body may take before it scrolls under its fixed header, px. */
  height: number;
};

/** A small table of every row, without pages, whose body scrolls under a fixed header. */
export function ScrollTable<T extends object>({ height, ...props }: ScrollTableProps<T>) {
  return <Table<T> size="small" pagination={false} scroll={{ y: height }} {...props} />;
}
