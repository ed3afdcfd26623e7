import { Enhance } from './enhance';
import type { FlagVariantProps } from './flag-variant-impl';

// A part of a page that shows one of several variants chosen by a feature flag. The server evaluated the
// flag and renders that variant (no flicker); in the browser the GrowthBook SDK starts from the same
// payload and attributes, reports the exposure to analytics and follows changes pushed by the flag
// service's stream. The SDK comes as its own chunk, on the pages that use flags only. (A server component:
// the shared Enhance island loads the chunk, so content pages pay nothing for this.)
export function FlagVariant(props: FlagVariantProps) {
  return (
    <Enhance kind="flag-variant" props={props}>
      <div data-flag={props.flag} data-variant={props.initial}>
        {props.variants[props.initial]}
      </div>
    </Enhance>
  );
}
