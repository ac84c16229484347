import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileButton } from './file-button';

const choose = (input: HTMLInputElement, file: File) => {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
};

describe('FileButton', () => {
  it('hands the chosen file on, and the same file chosen again too', () => {
    const onFile = vi.fn();
    const { container } = render(
      <FileButton accept=".rtz" onFile={onFile}>
        Import RTZ
      </FileButton>,
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.rtz');
    const file = new File(['<route/>'], 'route.rtz', { type: 'application/xml' });
    choose(input, file);
    choose(input, file);
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(onFile.mock.calls[0]![0]).toBe(file);
  });

  it('opens the browser’s file dialog from the button, and not when disabled', () => {
    const { container, rerender } = render(
      <FileButton accept=".grb2" onFile={() => undefined}>
        Import GRIB
      </FileButton>,
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Import GRIB' }));
    expect(opened).toHaveBeenCalledTimes(1);
    rerender(
      <FileButton accept=".grb2" onFile={() => undefined} disabled>
        Import GRIB
      </FileButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import GRIB' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(input.disabled).toBe(true);
  });
});
