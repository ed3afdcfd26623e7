/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly WAKU_BUILD_ID?: string;
  readonly TANDEM_BUILD_TIME?: number;
}
