/**
 * The names a team using the springdoc example pins for its Chinese tags (`tagNames` in the config
 * file); without them each tag is named by a hash of its text.
 */
export const SPRINGDOC_TAG_NAMES = { 用户管理: "users", 订单管理: "orders", 系统: "system" };
