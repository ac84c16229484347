import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { BackupPanel } from './backup-panel';

const job = {
  id: 'b1',
  status: 'running',
  progress: 0.4,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  bytes: null,
  fileName: 'ecohelm-20261124-1000.sqlite',
  error: null,
};

describe('backup panel', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts a backup, shows its progress and offers the file when done', async () => {
    stubApi({
      '/api/v1/backups/b1': {
        json: { ...job, status: 'done', progress: 1, bytes: 52_400_000, finishedAt: job.startedAt },
      },
      '/api/v1/backups': { json: job },
    });
    await renderPage(<BackupPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backup written (52.4 MB).')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Download ${job.fileName}` })).toBeTruthy();
  });

  it('says why a backup cannot start', async () => {
    stubApi({
      '/api/v1/backups': { status: 409, code: 'conflict', message: 'A backup is already running.' },
    });
    await renderPage(<BackupPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(
      await screen.findByText('The data was changed meanwhile. Please reload and try again.'),
    ).toBeTruthy();
  });
});
