import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type MappingAlgorithm, theme } from 'antd';
// antd's static stylesheet, the first route's part (antd-styles.ts); the rest comes with views and dialogs.
import 'virtual:antd-first.css';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { resolveLanguage } from '../i18n/language';
import { createQueryClient } from './query-client';

/** SPEC §9's primary colour, drawn as it is: the dark algorithm alone derives a darker shade from the seed. */
export const PRIMARY = '#4378F3';
const pinPrimary: MappingAlgorithm = (seed, map) => ({
  ...(map ?? theme.darkAlgorithm(seed)),
  colorPrimary: PRIMARY,
});

/** Dark theme, primary #4378F3 (SPEC §9). */
export const appTheme = {
  algorithm: [theme.darkAlgorithm, pinPrimary],
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY,
    colorBgContainer: '#12244a',
    colorBgElevated: '#17305f',
    borderRadius: 4,
  },
};

function ThemedApp({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const language = resolveLanguage(instance.language);
  useEffect(() => {
    dayjs.locale(language === 'en_US' ? 'en' : 'zh-cn');
    document.title = t('common.appName');
  }, [language, t]);
  return (
    <ConfigProvider
      button={{ autoInsertSpace: false }}
      theme={appTheme}
      locale={language === 'en_US' ? enUS : zhCN}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** Everything the console needs around its routes: server-data cache, i18n, antd theme and locale. */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
