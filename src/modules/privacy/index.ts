export { EraserRegistry, quotedTextEraser, type Eraser, type ErasureSubject } from './erasers.js';
export { ERASED_BY, REDACTED, candidatePattern, likePattern, mayHoldAny, phoneDigits, redactEach, redactText, redactedTexts, storedForms } from './redact.js';
export { redactMentions, setTexts, type FreeTextPlace } from './mentions.repository.js';
export { erasureGaps } from './coverage.js';
