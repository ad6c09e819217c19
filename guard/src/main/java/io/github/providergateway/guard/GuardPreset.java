package io.github.providergateway.guard;

import java.util.Locale;

/**
 * How much the built-in rules block. Every preset but {@link #OFF} keeps the catastrophic rules
 * (the root, the user's home, a disk, the guard itself); {@code OFF} is accepted only from the
 * person's own configuration, never from a project's.
 */
public enum GuardPreset {
  /** No built-in rule; the configuration's plain rules still apply. */
  OFF,
  /** The default: destructive, secret-reading, remote-code and guard-disabling calls. */
  STANDARD,
  /** Also asks before what is often fine but costly when not (pushes, deletes in the project). */
  STRICT,
  /** Also blocks network fetches and writes outside the project, and asks before most shells. */
  PARANOID;

  /** {@return the name in the configuration: {@code standard}, {@code strict}, …} */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The preset the configuration names.
   *
   * @param name {@code off}, {@code standard}, {@code strict} or {@code paranoid}
   * @return the preset
   * @throws IllegalArgumentException for any other name, saying which are known
   */
  public static GuardPreset of(String name) {
    for (GuardPreset preset : values()) {
      if (preset.wireName().equals(name)) {
        return preset;
      }
    }
    throw new IllegalArgumentException(
        "unknown guard preset '" + name + "': off, standard, strict or paranoid");
  }
}
