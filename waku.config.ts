import { randomBytes } from 'node:crypto';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'waku/config';
import { darkWithoutScript } from './scripts/dark-without-script.mjs';

// One id per build, shared by Waku's version-skew check and our /builds/latest.json. TANDEM_BUILD_ID pins
// it when several separately built instances must agree.
const buildId = process.env.TANDEM_BUILD_ID || randomBytes(6).toString('base64url');

export default defineConfig({
  vite: {
    define: {
      'import.meta.env.WAKU_BUILD_ID': JSON.stringify(buildId),
      'import.meta.env.TANDEM_BUILD_TIME': JSON.stringify(Date.now()),
    },
    plugins: [Icons({ compiler: 'jsx', jsx: 'react', scale: 1.25, defaultClass: 'icon' })],
    // The dark colour mode for pages read without JavaScript (see the plugin's comment).
    css: { postcss: { plugins: [darkWithoutScript()] } },
    // Waku bundles the server; packages with native binaries or optional native requires stay outside, and
    // the AWS SDK (large, loaded only when S3_BUCKET is set: decision 033).
    environments: {
      // Every client island's loader sits in the one client chunk every page loads (95 kB budget): without
      // Vite's preload map each lazy import costs a few bytes there instead of its dependency list (decision 002).
      client: { build: { modulePreload: false } },
      rsc: { resolve: { external: ['@node-rs/argon2', 'pg', 'pg-native', 'nodemailer', 'sharp', '@aws-sdk/client-s3'] } },
      ssr: { resolve: { external: ['@node-rs/argon2', 'pg', 'pg-native', 'nodemailer', 'sharp', '@aws-sdk/client-s3'] } },
    },
  },
});
