import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

const context = useTestApp();

describe('GET /health', () => {
  it('answers 200 {status:"ok"} when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
