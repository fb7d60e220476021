import { defineErrors } from '../../errors.js';

/** The errors of budgets, payments, conversion rates, cards and card transactions. */
export const BudgetErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  itemNotFound: { status: 404, message: 'Budget item not found' },
  paymentNotFound: { status: 404, message: 'Budget payment not found' },
  rateNotFound: { status: 404, message: 'Conversion rate not found' },
  transactionNotFound: { status: 404, message: 'Card transaction not found' },
  fileNotFound: { status: 404, message: 'File not found' },
  missingRate: { status: 400, message: 'No conversion rate is in force' },
  invalid: { status: 400, message: 'The request is not valid' },
});
