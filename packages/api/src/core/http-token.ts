/** An HTTP token (RFC 9110, section 5.6.2): a method or a header name; Node refuses anything else. */
export const httpToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Field values may hold tabs, visible ASCII and obs-text; a control character ends the header. */
export const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/;
