/** The blog page's five questions and our answers: content, kept apart from layout. */
export type BlogEntry = { question: string; answer: string[] };

export const blogEntries: BlogEntry[] = [
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state lives inside one component with useState or useReducer; it is the right default for anything only that component needs, such as whether a menu is open or what is typed into a field.',
      'Shared client state that several distant components read (the signed-in user, a theme) fits in React context, or in a small store such as Zustand or Redux Toolkit when updates are frequent and need selectors to avoid re-rendering everything.',
      'Server state, data that really lives in a database, is best handled by a data-fetching cache such as TanStack Query: it deduplicates requests, caches, retries and refetches, so components ask for data instead of storing copies of it.',
      'Finally, the URL is state too: the current route, search parameters and filters belong in the address bar so that they survive a reload and can be shared.',
    ],
  },
  {
    question: 'How does prototypal inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link to another object, its prototype. When you read a property that the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype’s prototype, until it finds the property or reaches null.',
      'Functions used as constructors give the objects they create their prototype property as the prototype, which is how methods are shared between instances without being copied. The class syntax is a clearer way to write the same thing: class methods live on the prototype and extends links one prototype chain to another.',
      'Object.create(proto) makes an object with any prototype you choose, and Object.getPrototypeOf reads the link. Writing a property always creates it on the object itself, shadowing the prototype’s value rather than changing it.',
    ],
  },
  {
    question: 'Why should you never set React state directly?',
    answer: [
      'React decides when to re-render by being told that state changed through the setter from useState (or setState in a class). Assigning to the state variable, or mutating an object held in state, changes the value in memory without telling React, so the screen does not update.',
      'Mutation also breaks the comparisons React relies on: memoised components, useMemo and useEffect compare old and new values by reference, and a mutated object is still the same reference, so they conclude that nothing changed.',
      'Always create a new value, for example setItems([...items, item]) or setUser({ ...user, name }), and use the updater form setCount(c => c + 1) when the new value depends on the old one, because updates may be batched.',
    ],
  },
  {
    question:
      'You have an array of products, each with a name, price, description and so on. How would you find products by name?',
    answer: [
      'For a search box, filter the array, comparing names without regard to case: products.filter(p => p.name.toLowerCase().includes(query.trim().toLowerCase())). This returns every product whose name contains the text.',
      'To find exactly one product by its exact name, use products.find(p => p.name === name), which stops at the first match and returns undefined when there is none.',
      'For a large catalog searched often, build an index once, such as a Map from lower-cased name to product, or move the search to the server where the database can use an index, and debounce the input so that you do not search on every keystroke.',
    ],
  },
  {
    question: 'What is a unit test and why should we write unit tests?',
    answer: [
      'A unit test checks one small piece of code, a function, a hook or a component, in isolation: it sets up an input, runs the code and asserts that the output or behaviour is what we expect.',
      'Unit tests catch mistakes when they are cheapest to fix, let us change and refactor code with confidence because a broken behaviour fails a test at once, and document how the code is meant to be used.',
      'They run in milliseconds, so they can run on every change. They do not replace tests of the whole system, such as API tests against a real database and browser tests, which prove the pieces work together.',
    ],
  },
];
