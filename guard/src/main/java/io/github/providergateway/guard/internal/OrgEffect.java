package io.github.providergateway.guard.internal;

/**
 * What an administrator's command does to the organisation's accounts, groups, mail and policies
 * (decision 99), weakest first: the {@code org.*} rules deny {@link #DESTROY} and ask about {@link
 * #CHANGE}.
 */
enum OrgEffect {
  /** Reads, lists, shows, a dry run, a test directory on this machine. */
  NONE,
  /** Changes an account, a group, a permission or a policy: one at a time, taken back. */
  CHANGE,
  /**
   * Deletes, locks out or turns off accounts, mail or policies for many or for good, diverts mail,
   * or makes an administrator.
   */
  DESTROY
}
