import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueItemRequest,
  chooseSlotRequest,
  createOrderRequest,
  envelopeBody,
  moveOrderRequest,
  offerSlotsRequest,
  orderMessageRequest,
  patientOrdersQuery,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../plugins/route-access.ts';
import { bookSlotForPatient } from './book-slot-for-patient.ts';
import { chooseDeliverySlot } from './choose-delivery-slot.ts';
import { deliveryRoutes } from './delivery-routes.ts';
import { messageAboutOrder } from './message-about-order.ts';
import { moveOrderAsStaff } from './move-order-as-staff.ts';
import { offerDeliverySlots } from './offer-delivery-slots.ts';
import { prescribeOrder } from './prescribe-order.ts';
import { readCatalogue } from './read-catalogue.ts';
import { readMyEquipment } from './read-my-equipment.ts';
import { readPatientOrders } from './read-patient-orders.ts';
import { saveCatalogueItem } from './save-catalogue-item.ts';

const sealed = { 200: envelopeBody };
const tags = ['orders'];
/** The orders desk runs orders; clinicians prescribe from the catalogue and follow their orders. */
const ORDER_READERS = ['manage_orders', 'read_chart'] as const;
const viewOrders = { roles: ['user' as const], caregiver: 'view_orders' as const };
const actOnOrders = { roles: ['user' as const], caregiver: 'act_on_orders' as const, encryptedBody: true };

/** Decision 0035: the catalogue, a patient's orders for staff, and "My equipment" for the patient. */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(deliveryRoutes, { ctx });

  r.get('/admin/catalogue/', {
    config: { ...ADMIN_ONLY, permission: ORDER_READERS },
    schema: { tags, summary: 'Every catalogue item, active first (sealed: Catalogue)', response: sealed },
    handler: async (request) => request.sealed(await readCatalogue(ctx.db)),
  });

  r.post('/admin/catalogue/', {
    config: { ...SEALED, permission: 'manage_orders' },
    schema: {
      tags,
      summary:
        'Add an item, or change one at the version read (10409 when changed since); the form and manual must be published library documents (sealed: CatalogueItem)',
      body: catalogueItemRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await saveCatalogueItem(ctx, request.actor(), request.body)),
  });

  r.get('/admin/orders/', {
    config: { ...ADMIN_ONLY, permission: ORDER_READERS },
    schema: {
      tags,
      summary: "A patient's orders, newest first; audited (sealed: PatientOrders)",
      querystring: patientOrdersQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readPatientOrders(ctx, request.actor(), request.query.patient_id)),
  });

  r.post('/admin/orders/', {
    config: { ...SEALED, permission: 'read_chart' },
    schema: {
      tags,
      summary:
        "A clinician's order for a patient, submitted (and held for what is missing) unless kept as a draft (sealed: OrderResult)",
      body: createOrderRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await prescribeOrder(ctx, request.actor(), request.body)),
  });

  r.post('/admin/orders/move/', {
    config: { ...SEALED, permission: ORDER_READERS },
    schema: {
      tags,
      summary:
        'One move of the state table as the orders desk (manage_orders) or the prescriber; 10409 when the table does not hold it or the order changed (sealed: OrderResult)',
      body: moveOrderRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await moveOrderAsStaff(ctx, request.actor(), request.body)),
  });

  r.post('/admin/orders/slots/', {
    config: { ...SEALED, permission: 'manage_orders' },
    schema: {
      tags,
      summary:
        'Offer delivery windows on an approved order, replacing any earlier offer (sealed: OrderResult)',
      body: offerSlotsRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await offerDeliverySlots(ctx, request.actor(), request.body)),
  });

  r.post('/admin/orders/slot/', {
    config: { ...SEALED, permission: 'manage_orders' },
    schema: {
      tags,
      summary:
        'Book one of the offered delivery windows for the patient, who asked by phone; audited (sealed: OrderResult)',
      body: chooseSlotRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await bookSlotForPatient(ctx, request.actor(), request.body)),
  });

  r.get('/patient/orders/', {
    config: viewOrders,
    schema: {
      tags,
      summary: 'My equipment: orders, my tasks from them and resupplies due; audited (sealed: MyEquipment)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await readMyEquipment(ctx, request.actor())),
  });

  r.post('/patient/orders/slot/', {
    config: actOnOrders,
    schema: {
      tags,
      summary: 'Choose one of the offered delivery windows; encrypted body (sealed: OrderResult)',
      body: chooseSlotRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await chooseDeliverySlot(ctx, request.actor(), request.body)),
  });

  r.post('/patient/orders/message/', {
    config: { roles: ['user' as const], caregiver: 'write_messages' as const, encryptedBody: true },
    schema: {
      tags,
      summary:
        "Write to the clinic about an order (supplies, a fault) in the patient's conversation; encrypted body (sealed: { thread_id })",
      body: orderMessageRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await messageAboutOrder(ctx, request.actor(), request.body)),
  });
}
