import type { DeviceInfo } from '@carecode/domain/scans/scan.schema';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

/** Long user agents are cut: the stored copy only helps the owner recognise a device. */
export const MAX_USER_AGENT_LENGTH = 512;
const CACHE_SIZE = 1000;

interface AgentFacts {
  device: DeviceInfo;
  automated: boolean;
}

/** A small bounded cache of ordinary-length agents: most scans come from common browsers. */
const cache = new Map<string, AgentFacts>();

function agentFacts(userAgent: string | undefined): AgentFacts {
  const ua = userAgent ?? '';
  const cached = cache.get(ua);
  if (cached) return cached;
  const facts = { device: describeDevice(ua), automated: isbot(ua) };
  if (ua.length > MAX_USER_AGENT_LENGTH) return facts;
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(ua, facts);
  return facts;
}

/**
 * Browser, OS and device type from a User-Agent header (ua-parser-js 1.x, MIT). Phones and
 * tablets name their type; anything else with a known browser is a desktop.
 */
export function parseDeviceInfo(userAgent: string | undefined): DeviceInfo {
  return agentFacts(userAgent).device;
}

/** Link-preview fetchers and crawlers (WhatsApp, facebookexternalhit, Twitterbot, Googlebot...). */
export function isAutomatedAgent(userAgent: string | undefined): boolean {
  return agentFacts(userAgent).automated;
}

function describeDevice(userAgent: string): DeviceInfo {
  const ua = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  const result = new UAParser(ua).getResult();
  return {
    browser: result.browser.name ?? null,
    browserVersion: result.browser.version ?? null,
    os: result.os.name ?? null,
    osVersion: result.os.version ?? null,
    deviceType: result.device.type ?? (result.browser.name || result.os.name ? 'desktop' : null),
    userAgent: ua || null,
  };
}
