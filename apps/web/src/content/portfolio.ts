/** The portfolio page's content, kept in one data file so it can be edited without touching layout. */
export const portfolio = {
  name: 'Alex Morgan',
  role: 'Full-stack web developer',
  email: 'alex.morgan@example.com',
  location: 'Working remotely',
  about:
    'I build web applications end to end, from the database schema to the last pixel of the interface. I care about fast pages, accessible forms and code that the next developer enjoys changing.',
  education: [
    {
      title: 'BSc in Computer Science',
      place: 'State University of Technology',
      years: '2016 – 2020',
    },
  ],
  skills: [
    {
      group: 'Front end',
      items: [
        'TypeScript',
        'React',
        'React Router',
        'TanStack Query',
        'Tailwind CSS',
        'Accessibility',
      ],
    },
    {
      group: 'Back end',
      items: ['Node.js', 'Fastify', 'PostgreSQL', 'Drizzle ORM', 'REST APIs', 'Authentication'],
    },
    {
      group: 'Practice',
      items: ['Automated testing', 'Playwright', 'Performance budgets', 'CI pipelines'],
    },
  ],
  projects: [
    {
      name: 'Car-parts storefront',
      description: 'This shop: bulk ordering, card payments, reviews and an admin catalog.',
      url: '/',
    },
    {
      name: 'Workshop scheduler',
      description: 'Booking and bay planning for independent garages.',
      url: 'https://github.com/',
    },
    {
      name: 'Fleet maintenance tracker',
      description: 'Service intervals and parts history for delivery fleets.',
      url: 'https://github.com/',
    },
  ],
  links: [
    { label: 'GitHub', url: 'https://github.com/' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/' },
  ],
} as const;
