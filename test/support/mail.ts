/** The reply secret and domain of the test Worker, shared with the tests that sign reply tokens. */
export const MAIL_REPLY_TEST_SECRET = 'test-mail-reply-secret-0123456789';
export const MAIL_TEST_DOMAIN = 'mp.test';
