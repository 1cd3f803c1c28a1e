/**
 * What a Mozambican online shop sells. Prices are ranges in MZN; `step` is the price granularity, so a
 * drawn price is a whole multiple of it and never has more than two decimals.
 */
import type { Metadata, PlanInterval } from '../domain/records.ts';

export interface ProductTemplate {
  name: string;
  description: string;
  category: string;
  minPrice: number;
  maxPrice: number;
  step: number;
  origin?: string;
}

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  { name: 'Capulana estampada 2 m', description: 'Capulana de algodão com padrões tradicionais, 2 metros.', category: 'tecidos', minPrice: 350, maxPrice: 650, step: 5 },
  { name: 'Capulana premium de algodão', description: 'Tecido encorpado com estampado de cera, cores que não desbotam.', category: 'tecidos', minPrice: 900, maxPrice: 1500, step: 50 },
  { name: 'Castanha de caju torrada 500 g', description: 'Caju de Nampula torrado e salgado, embalagem de meio quilo.', category: 'mercearia', minPrice: 250, maxPrice: 420, step: 5, origin: 'Nampula' },
  { name: 'Castanha de caju com piri-piri 250 g', description: 'Caju torrado com piri-piri moçambicano, picante q.b.', category: 'mercearia', minPrice: 150, maxPrice: 240, step: 5, origin: 'Nampula' },
  { name: 'Molho piri-piri caseiro 250 ml', description: 'Malagueta, limão e alho, preparado à moda de Inhambane.', category: 'mercearia', minPrice: 120, maxPrice: 220, step: 2.5, origin: 'Inhambane' },
  { name: 'Piri-piri em pó 100 g', description: 'Malagueta seca e moída, ideal para frango à zambeziana.', category: 'mercearia', minPrice: 60, maxPrice: 110, step: 0.5 },
  { name: 'Pacote de dados 10 GB (30 dias)', description: 'Internet móvel válida por 30 dias, activação imediata.', category: 'telecomunicações', minPrice: 450, maxPrice: 550, step: 50 },
  { name: 'Pacote de dados diário 1 GB', description: 'Internet móvel válida por 24 horas.', category: 'telecomunicações', minPrice: 25, maxPrice: 50, step: 5 },
  { name: 'Recarga de crédito 100 MT', description: 'Crédito de chamadas e SMS para qualquer rede nacional.', category: 'telecomunicações', minPrice: 100, maxPrice: 100, step: 1 },
  { name: 'Smartphone Android 64 GB', description: 'Ecrã de 6,5", dual SIM, bateria de 5000 mAh.', category: 'electrónica', minPrice: 6500, maxPrice: 12000, step: 100 },
  { name: 'Auriculares Bluetooth', description: 'Auriculares sem fios com estojo de carregamento.', category: 'electrónica', minPrice: 800, maxPrice: 1800, step: 50 },
  { name: 'Power bank solar 10 000 mAh', description: 'Carrega pelo sol ou pela tomada; duas saídas USB.', category: 'electrónica', minPrice: 1200, maxPrice: 2500, step: 50 },
  { name: 'Televisor LED 32"', description: 'Televisor HD com receptor digital integrado.', category: 'electrónica', minPrice: 12000, maxPrice: 25000, step: 500 },
  { name: 'Arroz agulha 5 kg', description: 'Arroz de grão longo, saco de 5 quilos.', category: 'mercearia', minPrice: 380, maxPrice: 520, step: 5 },
  { name: 'Farinha de milho 10 kg', description: 'Farinha branca para xima, saco de 10 quilos.', category: 'mercearia', minPrice: 450, maxPrice: 650, step: 5 },
  { name: 'Óleo de cozinha 5 L', description: 'Óleo vegetal refinado, garrafão de 5 litros.', category: 'mercearia', minPrice: 600, maxPrice: 850, step: 5 },
  { name: 'Chá preto da Zambézia 100 saquetas', description: 'Chá das plantações do Gurué, caixa de 100 saquetas.', category: 'mercearia', minPrice: 180, maxPrice: 300, step: 2.5, origin: 'Zambézia' },
  { name: 'Matapa congelada 1 kg', description: 'Folhas de mandioca com amendoim e coco, pronta a aquecer.', category: 'mercearia', minPrice: 250, maxPrice: 400, step: 5 },
  { name: 'Cesto de palha artesanal', description: 'Cesto entrançado à mão por artesãs de Inhambane.', category: 'artesanato', minPrice: 450, maxPrice: 900, step: 25, origin: 'Inhambane' },
  { name: 'Escultura Makonde em pau-preto', description: 'Peça única esculpida à mão no planalto de Mueda.', category: 'artesanato', minPrice: 2500, maxPrice: 9000, step: 250, origin: 'Cabo Delgado' },
];

export interface PlanTemplate {
  name: string;
  description: string;
  price: number;
  interval: PlanInterval;
  metadata?: Metadata;
}

export const PLAN_TEMPLATES: readonly PlanTemplate[] = [
  {
    name: 'Cabaz Mensal Essencial',
    description: 'Arroz, farinha de milho, óleo e açúcar entregues em casa todos os meses.',
    price: 2450,
    interval: 'monthly',
    metadata: { entrega: 'domicílio', itens: 4 },
  },
  { name: 'Internet Móvel 30 GB', description: 'Pacote mensal de 30 GB, renovado automaticamente.', price: 1000, interval: 'monthly' },
  {
    name: 'Clube do Caju',
    description: 'Meio quilo de castanha de caju de Nampula por mês, sabor à escolha.',
    price: 480,
    interval: 'monthly',
    metadata: { sabores: ['salgado', 'piri-piri', 'mel'] },
  },
  {
    name: 'Manutenção de Equipamentos',
    description: 'Revisão trimestral de telemóveis e pequenos electrodomésticos.',
    price: 3600,
    interval: 'quarterly',
  },
];
