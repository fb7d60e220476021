// Timestamps are ISO-8601 UTC text on both dialects so that text
// order is time order and filters compare them the same way everywhere.
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
export const iso = (d: Date): string => d.toISOString();
