export * from './address/address.resource';
export * from './address/address.presenter';
export * from './location/location.resource';
export * from './location/location.presenter';
export * from './quote/quote.resource';
export * from './quote/quote.presenter';
