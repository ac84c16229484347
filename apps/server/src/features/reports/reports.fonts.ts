import { existsSync } from 'node:fs';

/** A font file pdfkit can embed; `family` names the face inside a .ttc collection. */
export interface FontFace {
  path: string;
  family?: string;
}

export interface CjkFont {
  regular: FontFace;
  bold: FontFace;
}

/** Where Debian's packages put their CJK fonts (fonts-noto-cjk, fonts-wqy-microhei, fonts-wqy-zenhei). */
const CANDIDATES: { regular: FontFace; bold?: FontFace }[] = [
  {
    regular: {
      path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      family: 'NotoSansCJKsc-Regular',
    },
    bold: { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
  { regular: { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' } },
  { regular: { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' } },
];

/**
 * The CJK font for Chinese PDFs: `ECOHELM_CJK_FONT` (a .ttf/.otf path, or `path.ttc#FaceName`) when
 * set, else the first Debian font found; null when none is installed.
 */
export function findCjkFont(env: NodeJS.ProcessEnv = process.env): CjkFont | null {
  const configured = env.ECOHELM_CJK_FONT?.trim();
  if (configured) {
    const [path, family] = configured.split('#') as [string, string | undefined];
    if (!existsSync(path)) return null;
    const face = family ? { path, family } : { path };
    return { regular: face, bold: face };
  }
  for (const c of CANDIDATES) {
    if (!existsSync(c.regular.path)) continue;
    const bold = c.bold && existsSync(c.bold.path) ? c.bold : c.regular;
    return { regular: c.regular, bold };
  }
  return null;
}
