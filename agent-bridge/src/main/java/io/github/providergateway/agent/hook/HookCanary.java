package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Pattern;

/**
 * The canary of {@code gateway doctor} (issue 45): a shell call of a program nobody has, {@code
 * provider-gateway-doctor-canary <nonce>}, that a running gateway's hook decisions deny by
 * themselves, before any session, rule, gate or guard is asked. So a person's rules can neither
 * match it nor change its answer, and a deny whose reason names {@link #RULE} proves that the
 * agent's hook command reached this gateway and that its answer was read. The audit trail records
 * it as the doctor's: provider {@value #PROVIDER}, a reason that starts with {@value #RULE}.
 *
 * <p>Only a running gateway denies it so: with none, the hook fails closed with its own reason,
 * which does not name the rule, and the doctor says the gateway was not reached.
 */
public final class HookCanary {

  /** The program the canary's shell call runs; no such program exists. */
  public static final String PROGRAM = "provider-gateway-doctor-canary";

  /** The rule the canary's deny names first, in the answer and in the audit trail. */
  public static final String RULE = "doctor.canary";

  /** The provider the audit trail gives a canary's decision. */
  public static final String PROVIDER = "doctor";

  /** A nonce: letters, digits and dashes, so the command is one plain word after the program. */
  private static final Pattern COMMAND =
      Pattern.compile(Pattern.quote(PROGRAM) + " [A-Za-z0-9-]{1,64}");

  private HookCanary() {}

  /**
   * The canary's shell command.
   *
   * @param nonce letters, digits and dashes, at most 64: what tells one run of the doctor from
   *     another in the audit trail
   * @return {@code provider-gateway-doctor-canary <nonce>}
   * @throws IllegalArgumentException when the nonce is not one
   */
  public static String command(String nonce) {
    String command = PROGRAM + " " + requireNonNull(nonce, "nonce");
    if (!COMMAND.matcher(command).matches()) {
      throw new IllegalArgumentException("a canary's nonce is letters, digits and dashes");
    }
    return command;
  }

  /**
   * The reason a canary is denied with.
   *
   * @param command the canary's command
   * @return {@code doctor.canary: ...}, naming the command
   */
  public static String reason(String command) {
    return RULE
        + ": '"
        + command
        + "' is the canary of gateway doctor, denied by the provider gateway itself; nothing ran";
  }

  /** Whether {@code request} is the canary: a shell call of exactly {@link #command}. */
  static boolean is(HookRequest request) {
    if (!ToolMapping.SHELL.equals(request.tool()) || !request.others().isEmpty()) {
      return false;
    }
    JsonNode command = request.args().get("command");
    return command != null && command.isTextual() && COMMAND.matcher(command.asText()).matches();
  }
}
