package io.github.providergateway.protocol;

/**
 * When an {@code onPreToolUse} rule applies. Every present field must match; an empty match applies
 * to every tool call.
 *
 * @param tool the called tool's exact name
 * @param args a regular expression found anywhere in the call's arguments written as JavaScript's
 *     {@code JSON.stringify} would write them
 * @param provider the name of the provider whose tools the rule covers (host-owned tools have none)
 * @param file a glob tested against the first of the {@code path}, {@code file} and {@code
 *     filePath} string arguments the call has; a call with none of them does not match
 */
public record HookMatch(String tool, String args, String provider, String file) {

  /**
   * A match on the tool name only.
   *
   * @param tool the tool's name
   * @return the match
   */
  public static HookMatch tool(String tool) {
    return new HookMatch(tool, null, null, null);
  }

  /**
   * A match on the tool name and an arguments regex.
   *
   * @param tool the tool's name
   * @param args a regular expression searched for in the stringified arguments
   * @return the match
   */
  public static HookMatch toolAndArgs(String tool, String args) {
    return new HookMatch(tool, args, null, null);
  }
}
