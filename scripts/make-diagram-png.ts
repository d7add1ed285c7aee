/**
 * Writes src/server/seed/fixtures/system-diagram.png: the 系统架构示意图 every seeded image
 * resource (示意图) shows — a layered architecture drawing with Chinese labels, rendered once by
 * headless Chromium (the e2e browser) and committed, since the server has no canvas library.
 * Run: npx tsx scripts/make-diagram-png.ts
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const box = (x: number, y: number, w: number, h: number, fill: string, title: string, sub = '') =>
  `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}" stroke="#1e3a8a" stroke-opacity=".25"/>` +
  `<text x="${x + w / 2}" y="${y + (sub ? h / 2 - 4 : h / 2 + 7)}" text-anchor="middle" font-size="20" font-weight="700" fill="#0f172a">${title}</text>` +
  (sub ? `<text x="${x + w / 2}" y="${y + h / 2 + 20}" text-anchor="middle" font-size="14" fill="#475569">${sub}</text>` : '') +
  '</g>';
const arrow = (x1: number, y1: number, x2: number, y2: number) =>
  `<path d="M${x1} ${y1} L${x2} ${y2}" stroke="#64748b" stroke-width="2.5" marker-end="url(#a)"/>`;
const layer = (y: number, h: number, name: string) =>
  `<rect x="20" y="${y}" width="920" height="${h}" rx="12" fill="#f8fafc" stroke="#cbd5e1" stroke-dasharray="6 5"/><text x="40" y="${y + 26}" font-size="15" fill="#64748b">${name}</text>`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" viewBox="0 0 960 600" font-family="'Noto Sans CJK SC','Noto Sans SC',sans-serif">
<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#64748b"/></marker></defs>
<rect width="960" height="600" fill="#fff"/>
<text x="480" y="44" text-anchor="middle" font-size="26" font-weight="700" fill="#1e3a8a">系统架构示意图</text>
${layer(66, 104, '表现层')}${box(150, 92, 200, 62, '#dbeafe', 'Web 前端', '浏览器 / 响应式页面')}${box(610, 92, 200, 62, '#dbeafe', '移动端', '小程序 / App')}
${layer(186, 92, '接入层')}${box(330, 208, 300, 56, '#e0e7ff', 'API 网关', '鉴权 · 限流 · 路由')}
${layer(294, 118, '业务层')}${box(60, 326, 190, 66, '#dcfce7', '用户服务', '注册 · 登录')}${box(280, 326, 190, 66, '#dcfce7', '商品服务', '发布 · 检索')}${box(500, 326, 190, 66, '#dcfce7', '订单服务', '下单 · 支付')}${box(720, 326, 190, 66, '#dcfce7', '消息服务', '通知 · 即时消息')}
${layer(428, 150, '数据层')}${box(110, 466, 210, 70, '#fef3c7', '关系数据库', 'PostgreSQL')}${box(375, 466, 210, 70, '#fef3c7', '缓存', 'Redis')}${box(640, 466, 210, 70, '#fef3c7', '对象存储', '图片 · 文件')}
${arrow(250, 154, 420, 206)}${arrow(710, 154, 540, 206)}
${arrow(400, 264, 155, 324)}${arrow(450, 264, 375, 324)}${arrow(510, 264, 595, 324)}${arrow(560, 264, 815, 324)}
${arrow(155, 392, 215, 464)}${arrow(375, 392, 240, 464)}${arrow(595, 392, 480, 464)}${arrow(375, 392, 745, 464)}${arrow(815, 392, 500, 464)}
</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 600 } });
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  await page.screenshot({ path: resolve(import.meta.dirname, '../src/server/seed/fixtures/system-diagram.png') });
} finally {
  await browser.close();
}
