// The account: credit balance and the OAuth2 token response.
import { z } from 'zod';

export const creditBalanceSchema = z.looseObject({ total: z.number(), used: z.number() });

export const creditsSchema = z.looseObject({
  minutes: creditBalanceSchema,
  video: creditBalanceSchema,
  lipsync_free_minutes: creditBalanceSchema,
});

/** Response of the OAuth2 token endpoint (client credentials). */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number(),
  token_type: z.string(),
});

export type CreditBalance = z.infer<typeof creditBalanceSchema>;
export type Credits = z.infer<typeof creditsSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
