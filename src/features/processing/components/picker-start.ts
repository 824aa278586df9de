import { createContext } from 'react'

/** Where the item picker starts: the collection handed over by "Process the delivery", when there is one. */
export const PickerStart = createContext<{ collectionId: string | null }>({ collectionId: null })
