export { EraserRegistry, type Eraser, type ErasureSubject } from './erasers.js';
