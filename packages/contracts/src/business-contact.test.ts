import { describe, expect, it } from 'vitest';
import {
  blockEnd,
  blockStart,
  businessContactLines,
  fillLandingSlots,
  NO_BUSINESS_SETTINGS,
  readBusinessSettings,
  slotMark,
} from './business-contact.ts';

// As React writes it: a `<!-- -->` between adjacent text nodes.
const TEMPLATE = [
  '<main>Hola',
  `${blockStart('contact')}<!-- --><section><h2>Contacto<!-- -->${blockStart('name')}<!-- --> · ${slotMark('name')}<!-- -->${blockEnd('name')}</h2>`,
  `${blockStart('phone')}<a href="${slotMark('phoneHref')}">Teléfono <!-- -->${slotMark('phone')}</a>${blockEnd('phone')}`,
  `${blockStart('whatsapp')}<a href="${slotMark('whatsappHref')}">WhatsApp <!-- -->${slotMark('whatsapp')}</a>${blockEnd('whatsapp')}`,
  `${blockStart('address')}<p>${slotMark('address')}</p>${blockEnd('address')}`,
  `${blockStart('hours')}<p>${slotMark('hours')}</p>${blockEnd('hours')}`,
  `${blockStart('complaintsContact')}<p>Quejas: ${slotMark('complaintsContact')}</p>${blockEnd('complaintsContact')}`,
  `</section><!-- -->${blockEnd('contact')}</main>`,
].join('');

describe('fillLandingSlots', () => {
  it('removes the whole contact section when nothing is set, and leaves no mark', () => {
    expect(fillLandingSlots(TEMPLATE, NO_BUSINESS_SETTINGS)).toBe('<main>Hola</main>');
  });

  it('writes each set value, escaped, and removes the blocks of the others', () => {
    const page = fillLandingSlots(TEMPLATE, {
      ...NO_BUSINESS_SETTINGS,
      name: 'Préstamos <b>"Beto"</b> & Hijos',
      phone: '5587654321',
    });
    expect(page).toBe(
      '<main>Hola<section><h2>Contacto · Préstamos &lt;b&gt;&quot;Beto&quot;&lt;/b&gt; &amp; Hijos</h2>' +
        '<a href="tel:+525587654321">Teléfono <!-- -->55 8765 4321</a></section></main>',
    );
    expect(page).not.toContain('@@');
  });

  it('fills every slot when everything is set', () => {
    const page = fillLandingSlots(TEMPLATE, {
      name: 'Don Beto',
      phone: '5587654321',
      whatsapp: '5511223344',
      address: 'Av. Juárez 120',
      hours: 'Lunes a viernes',
      complaintsContact: "quejas@beto.mx (O'Neil)",
    });
    expect(page).toContain('href="https://wa.me/525511223344">WhatsApp <!-- -->55 1122 3344</a>');
    expect(page).toContain('<p>Av. Juárez 120</p><p>Lunes a viernes</p>');
    expect(page).toContain('Quejas: quejas@beto.mx (O&#39;Neil)');
    expect(page).not.toContain('@@');
  });
});

describe('readBusinessSettings and businessContactLines', () => {
  it('keeps only non-blank strings, and prints only what is set', () => {
    const settings = readBusinessSettings({ name: 'Don Beto', phone: '5587654321', hours: ' ', address: 3 });
    expect(settings).toEqual({ ...NO_BUSINESS_SETTINGS, name: 'Don Beto', phone: '5587654321' });
    expect(businessContactLines(settings)).toEqual(['Tel. 55 8765 4321']);
    expect(businessContactLines(NO_BUSINESS_SETTINGS)).toEqual([]);
    expect(readBusinessSettings(null)).toEqual(NO_BUSINESS_SETTINGS);
  });
});
