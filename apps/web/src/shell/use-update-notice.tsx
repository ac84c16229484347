import { App, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How often the console asks whether a new web build is deployed. */
export const versionPollMs = 60_000;
const noticeKey = 'web-update';

/** The deployed build id from `/version.json`, or null when it cannot be read. */
export async function fetchDeployedBuildId(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchFn('/version.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' && body.buildId ? body.buildId : null;
  } catch {
    return null;
  }
}

/**
 * Polls `/version.json` every 60 s; when the deployed build differs from the running one, shows a
 * notice offering a reload. The notice follows the language toggle while it is open.
 */
export function useUpdateNotice(runningBuildId: string = import.meta.env.VITE_BUILD_ID): void {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const [stale, setStale] = useState(false);
  const dismissed = useRef(false);

  useEffect(() => {
    let active = true;
    const check = async () => {
      const deployed = await fetchDeployedBuildId();
      if (active && deployed && runningBuildId && deployed !== runningBuildId) setStale(true);
    };
    const timer = setInterval(check, versionPollMs);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [runningBuildId]);

  useEffect(() => {
    if (!stale || dismissed.current) return;
    notification.open({
      key: noticeKey,
      title: t('update.title'),
      description: t('update.description'),
      duration: 0,
      placement: 'bottomRight',
      actions: (
        <Button type="primary" size="small" onClick={() => window.location.reload()}>
          {t('update.reload')}
        </Button>
      ),
      onClose: () => {
        dismissed.current = true;
      },
    });
  }, [stale, t, notification]);
}
