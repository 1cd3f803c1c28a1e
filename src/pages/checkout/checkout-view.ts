/**
 * What the checkout page shows of an order, as plain strings the templates print (escaped there): the merchant,
 * the lines, shipping and amount in MZN, the payer's form while the order is pending, its outcome once final.
 * Values come from the merchant's data as they are; only image URLs are filtered, since an attribute that loads
 * a resource must be http(s) whatever the escaping.
 */
import type { OrderRecord, OrderStatus, PaymentRecord, StoredRecord } from '../../domain/records.ts';
import { mobileWalletOf, MOBILE_WALLETS, paymentMethodForPhone } from '../../domain/mobile-wallets.ts';
import { mozambicanMobile } from '../../domain/phone-number.ts';
import { formatMzn } from '../../domain/money.ts';
import type { RunningPrompt } from '../../orders/payer-prompt.ts';
import { isFinal } from '../../orders/transitions.ts';
import { displayPhone } from './payer-number.ts';

export interface CheckoutView {
  orderId: string;
  merchant: string;
  customer: string | undefined;
  status: OrderStatus;
  statusLabel: string;
  final: boolean;
  items: Array<{ name: string; quantity: number; price: string; total: string; imageUrl: string | undefined }>;
  subtotal: string;
  shippingCost: string;
  shippingAddress: string | undefined;
  amount: string;
  outcome: { title: string; detail: string; reason?: { code: string; providerCode?: string; message: string } } | undefined;
  /** The phone prompt while it is out: the page waits on it, refreshing itself (no script). */
  prompt: { phone: string; wallet: string; countdown: string } | undefined;
  wallets: Array<{ method: string; label: string; prefixes: string; checked: boolean }>;
  form: PayerForm;
}

/** What the payer typed, given back with the problem when the form is refused. */
export interface PayerForm {
  wallet: string;
  phone: string;
  error?: string;
}

/** What the page reads besides the order, looked up by the caller in the order's client's records. */
export interface OrderSurroundings {
  merchant: string;
  customer: StoredRecord | undefined;
  productOf(productId: string): StoredRecord | undefined;
  payment: PaymentRecord | undefined;
  /** The payment's prompt when one is out. */
  prompt?: RunningPrompt | undefined;
}

const STATUS_LABEL: Record<OrderStatus, string> = {
  PENDING: 'Aguardando pagamento',
  PAID: 'Pago',
  FAILED: 'Pagamento falhou',
  CANCELLED: 'Cancelado',
};

export function checkoutView(order: OrderRecord, around: OrderSurroundings, form: PayerForm = prefilled(around.customer)): CheckoutView {
  const prompt = around.prompt;
  return {
    orderId: order.id,
    merchant: around.merchant,
    customer: text(around.customer?.['name']),
    status: order.status,
    statusLabel: STATUS_LABEL[order.status],
    final: isFinal(order.status),
    items: order.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      price: formatMzn(item.price),
      total: formatMzn(item.total),
      imageUrl: webImageUrl(around.productOf(item.productId)?.['imageUrl']),
    })),
    subtotal: formatMzn(order.subtotal),
    shippingCost: formatMzn(order.shippingCost),
    shippingAddress: order.shippingAddressDisabled ? undefined : addressLine(order.shippingAddress),
    amount: formatMzn(order.amount),
    outcome: outcomeOf(order.status, around.payment),
    prompt: prompt && {
      phone: displayPhone(prompt.phone),
      wallet: mobileWalletOf(around.payment?.method)?.label ?? '',
      countdown: `${Math.floor(prompt.secondsLeft / 60)}:${String(prompt.secondsLeft % 60).padStart(2, '0')}`,
    },
    wallets: MOBILE_WALLETS.map((wallet) => ({
      method: wallet.method,
      label: wallet.label,
      prefixes: wallet.prefixes.join(', '),
      checked: wallet.method === form.wallet,
    })),
    form,
  };
}

/** The URL as the browser would load it, only when it is http(s): `javascript:`, `data:` and the like are dropped. */
export function webImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/** The customer's phone, written as on the page, and its wallet, when the order's customer has one. */
function prefilled(customer: StoredRecord | undefined): PayerForm {
  const phone = text(customer?.['phone']);
  if (!phone) return { wallet: 'mpesa', phone: '' };
  const national = mozambicanMobile(phone);
  return { wallet: paymentMethodForPhone(phone), phone: national ? displayPhone(`+258${national}`) : phone };
}

function outcomeOf(status: OrderStatus, payment: PaymentRecord | undefined): CheckoutView['outcome'] {
  if (status === 'PENDING') return undefined;
  const reason = payment?.failureReason && { ...payment.failureReason };
  if (status === 'FAILED') return { title: 'O pagamento falhou', detail: 'Nenhum valor foi cobrado. Este pedido já não aceita pagamentos.', ...(reason && { reason }) };
  if (status === 'CANCELLED') return { title: 'Pedido cancelado', detail: 'Este pedido foi cancelado e já não aceita pagamentos.', ...(reason && { reason }) };
  const wallet = mobileWalletOf(payment?.method)?.label;
  const phone = text(payment?.['_payerPhone']);
  const how = wallet ? ` com ${wallet}${phone ? ` pelo número ${displayPhone(phone)}` : ''}` : '';
  return { title: 'Pagamento confirmado', detail: `Pedido pago${how}.` };
}

function addressLine(address: OrderRecord['shippingAddress']): string | undefined {
  if (!address) return undefined;
  const street = [address.street, address.number].filter(Boolean).join(', ');
  const line = [street, address.zipCode, address.city, address.country].filter(Boolean).join(' · ');
  return line === '' ? undefined : line;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
