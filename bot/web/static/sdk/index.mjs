export { DiscordSDK } from './Discord.mjs';
export { Events } from './schema/events.mjs';
import * as common from './schema/common.mjs';
import * as responses from './schema/responses.mjs';
export { responses as Responses };
export { Orientation, Permissions, Platform, RPCCloseCodes, RPCErrorCodes } from './Constants.mjs';
export { default as PermissionUtils } from './utils/PermissionUtils.mjs';
export { default as PriceUtils } from './utils/PriceUtils.mjs';
export { DiscordSDKMock } from './mock.mjs';
export { attemptRemap, patchUrlMappings } from './utils/patchUrlMappings.mjs';

const { Commands } = common;

export { Commands, common as Common };
