// The part of @digitalbazaar/vc-bitstring-status-list the status-list tests use (the package ships no types):
// a verifier's decoding of a BitstringStatusList's encodedList.
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export function decodeList(options: { encodedList: string }): Promise<{ length: number; getStatus(index: number): boolean }>;
}
