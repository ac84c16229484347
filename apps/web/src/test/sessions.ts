/** A shore viewer's session as `GET /api/v1/auth/session` answers it (a login answers it with its token). */
export const viewerSession = {
  user: {
    id: 'u1',
    username: 'vera',
    displayName: 'Vera',
    role: 'viewer',
    disabled: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  permissions: ['dashboard:read', 'fleet:read'],
  expiresAt: '2026-11-27T12:00:00.000Z',
  serverTime: '2026-11-27T00:00:00.000Z',
};
