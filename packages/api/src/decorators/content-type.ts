import { decoratedMember, requireText } from "./member.js";
import { ownMethodRecord } from "./metadata.js";
import type { KitMethodDecorator } from "./verbs.js";

/**
 * The request body's media type. JSON needs none; `application/x-www-form-urlencoded`,
 * `multipart/form-data`, `text/*` and binary types change how `@Data` values are sent.
 */
export function ContentType(mime: string): KitMethodDecorator {
  return (target, key) => {
    const { apiClass, methodName, where } = decoratedMember("ContentType", target, key);
    ownMethodRecord(apiClass, methodName).contentType = requireText(
      "ContentType",
      where,
      mime,
      "a media type string",
    );
  };
}
