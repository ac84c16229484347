import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnDemandView, onDemand } from './on-demand';

function Greeting({ name }: { name: string }) {
  return <p>{`hello ${name}`}</p>;
}

describe('onDemand', () => {
  it('loads once, however often it is asked for, and hands out the component once its code is in', async () => {
    let loads = 0;
    // Without antd's stylesheet's second part, whose load takes more than the one turn awaited here.
    const greeting = onDemand(
      async () => {
        loads += 1;
        return Greeting;
      },
      { styles: false },
    );
    expect(greeting.loaded()).toBeUndefined();
    greeting.preload();
    greeting.preload();
    await act(async () => {
      await Promise.resolve();
    });
    expect(greeting.loaded()).toBe(Greeting);
    expect(loads).toBe(1);
  });

  it('renders a loaded component in the same pass, with no fallback on the way', async () => {
    const greeting = onDemand(async () => Greeting, { styles: false });
    greeting.preload();
    await act(async () => {
      await Promise.resolve();
    });
    render(<OnDemandView of={greeting} fallback={<p>loading</p>} props={{ name: 'bridge' }} />);
    // Synchronously: no suspended first pass.
    expect(screen.getByText('hello bridge')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('brings the part of the antd stylesheet the first route leaves out with what it loads', async () => {
    const greeting = onDemand(async () => Greeting);
    greeting.preload();
    await vi.waitFor(() => expect(greeting.loaded()).toBe(Greeting));
  });

  it('shows the fallback until the code of a component not yet loaded arrives', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const greeting = onDemand(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    render(<OnDemandView of={greeting} fallback={<p>loading</p>} props={{ name: 'engine room' }} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      arrive(Greeting);
    });
    expect(await screen.findByText('hello engine room')).toBeTruthy();
  });
});
