package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A controller's register or coil written by assignment rather than by a call: Ruby's rmodbus
 * ({@code s.holding_registers[111] = 650}, {@code s.coils[3] = true}) and libraries like it expose
 * the device's tables as arrays, so the write has no verb for {@link HardwareActuations} to find.
 * Reading an element ({@code s.holding_registers[111]}) or comparing one ({@code == 650}) is not a
 * write.
 */
final class RegisterAssignments {
  private RegisterAssignments() {}

  /** An element or a slice of a register or coil table, then a single {@code =}. */
  private static final Pattern ASSIGNED =
      Pattern.compile(
          "(?i)\\b(?:holding_?registers|input_?registers|registers|coils|discrete_?outputs)"
              + "\\s*\\[[^\\]\\n]{1,40}\\]\\s*=(?![=~>])");

  /** Whether the code assigns a value to a register's or a coil's element. */
  static boolean in(String code) {
    return code.length() < 64 * 1024 && PatternLiterals.finds(ASSIGNED, code);
  }
}
