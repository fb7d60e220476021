import { defineErrors } from '../../errors.js';

/** Items, discounts, orders, transactions, card tokens and credits. A discount that cannot apply is 400 naming it. */
export const CommerceErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  itemNotFound: { status: 404, message: 'Item not found' },
  discountNotFound: { status: 404, message: 'Discount not found' },
  agendaItemNotFound: { status: 404, message: 'Agenda item not found' },
  orderNotFound: { status: 404, message: 'Order not found' },
  orderItemNotFound: { status: 404, message: 'Order item not found' },
  discountRefused: { status: 400, message: 'The discount cannot be applied' },
  invalid: { status: 400, message: 'The request is not valid' },
});
