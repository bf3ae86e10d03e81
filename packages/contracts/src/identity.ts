import { roleSchema } from './enum-schemas.ts';
import { INT4_MAX } from './ids.ts';
import { toSitePath } from './site-path.ts';
import { z } from './zod.ts';

export const SIGN_IN_RETURN_INVALID_MESSAGE =
  'The page to return to after signing in must be a page of this site.';

/** Query of GET identity /discord/authorize: the page to land on after signing in (REDIRECT_URI_COOKIE). */
export const discordAuthorizeQuery = z.object({
  returnTo: z
    .string()
    .max(2000, SIGN_IN_RETURN_INVALID_MESSAGE)
    .refine((raw) => toSitePath(raw) !== null, SIGN_IN_RETURN_INVALID_MESSAGE)
    .optional(),
});

/** Query of POST identity /discord/token: the provider's redirect query plus the redirect URI used. */
/** Who POST /logout signs out: this browser only (the default), or every device of the account. */
export const LOGOUT_SCOPES = ['this-device', 'all-devices'] as const;
export type LogoutScope = (typeof LOGOUT_SCOPES)[number];
export const logoutQuery = z.object({ scope: z.enum(LOGOUT_SCOPES).default('this-device') });

export const discordTokenQuery = z.object({
  code: z.string({ error: 'The sign-in code is missing.' }).trim().min(1, 'The sign-in code is missing.'),
  state: z.string({ error: 'The sign-in state is missing.' }).trim().min(1, 'The sign-in state is missing.'),
  redirectUri: z
    .string({ error: 'The redirect URI is missing.' })
    .trim()
    .min(1, 'The redirect URI is missing.'),
});

/** The chat-platform token handed to the browser; the refresh token stays in an HttpOnly cookie. */
export const discordTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});
export type DiscordTokenResponse = z.infer<typeof discordTokenResponse>;

/**
 * The product JWT's claims. `sub` is the user id spelled canonically (one token, one user); `ver`
 * is the user's token version when it was signed: signing out increments it, revoking the token.
 */
export const jwtClaims = z.object({
  sub: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .refine((value) => Number(value) <= INT4_MAX),
  discordId: z.string(),
  roles: z.array(roleSchema),
  ver: z.number().int().min(0),
});
export type JwtClaims = z.infer<typeof jwtClaims>;

/** Who an account is and its VIP standing, as both the account itself and the admins see it. */
export const accountProfileFields = {
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  discordId: z.string(),
  registrationDate: z.iso.datetime(),
  vipUntil: z.iso.datetime().nullable(),
  vip: z.boolean(),
};

/** GET shop /users/me: the signed-in account. */
export const currentUserResponse = z.object({
  ...accountProfileFields,
  balance: z.number().int(),
  transferableCredits: z.number().int(),
  roles: z.array(roleSchema),
  enabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserResponse>;

export const USER_LOOKUP_INVALID_MESSAGE = 'Please enter a valid discord id';
export const USER_NOT_FOUND_MESSAGE = 'No user with that Discord ID.';

/** Gifts refused before the confirmation, in the server's own words (spec §8 gives none). */
export const GIFT_SUBSCRIPTION_TO_SELF_MESSAGE =
  'You cannot gift a subscription to yourself. Buy it instead.';
export const TRANSFER_CREDITS_TO_SELF_MESSAGE = 'You cannot transfer credits to yourself.';
export const TRANSFER_CREDITS_TO_BANNED_MESSAGE = 'You cannot transfer credits to a banned account.';
export const giftSubscriptionToBannedMessage = (username: string) =>
  `${username} is banned and cannot receive subscriptions.`;

/** GET shop /users/lookup?discordId: who an id is, before a gift or a credit transfer to it. */
export const userLookupQuery = z.object({
  discordId: z
    .string({ error: USER_LOOKUP_INVALID_MESSAGE })
    .trim()
    .regex(/^[0-9]{17,20}$/, USER_LOOKUP_INVALID_MESSAGE),
});
export type UserLookupQuery = z.input<typeof userLookupQuery>;

/**
 * Only the public names, and whether the account is banned (so a gift it cannot receive is refused
 * before the confirmation; a gift or transfer to it says as much anyway): nothing about balance,
 * roles or activity.
 */
export const userLookupResponse = z.object({
  discordId: z.string(),
  username: z.string(),
  displayName: z.string(),
  banned: z.boolean(),
});
export type UserLookup = z.infer<typeof userLookupResponse>;
