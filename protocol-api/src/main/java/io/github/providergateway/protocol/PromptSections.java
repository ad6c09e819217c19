package io.github.providergateway.protocol;

import java.util.Set;

/**
 * System-prompt sections with special rules (spec: Protected prompt sections).
 *
 * <p>{@code safety} and {@code identity} are protected: no provider of any trust level may {@code
 * prepend}, {@code replace} or {@code callback} them; only {@code append} has an effect, and the
 * gateway assembles provider-edited sections before them so safety content has the last word.
 */
public final class PromptSections {

  /** The {@code identity} section. */
  public static final String IDENTITY = "identity";

  /** The {@code safety} section. */
  public static final String SAFETY = "safety";

  /** The protected sections. */
  public static final Set<String> PROTECTED = Set.of(IDENTITY, SAFETY);

  private PromptSections() {}

  /**
   * Whether {@code section} is protected.
   *
   * @param section the section's name
   * @return whether it is one of the protected sections
   */
  public static boolean isProtected(String section) {
    return PROTECTED.contains(section);
  }

  /**
   * Whether a transform with {@code action} may be registered on {@code section}.
   *
   * @param section the section's name
   * @param action the transform's action
   * @return whether the section takes that transform
   */
  public static boolean allows(String section, TransformAction action) {
    return action == TransformAction.APPEND || !isProtected(section);
  }
}
