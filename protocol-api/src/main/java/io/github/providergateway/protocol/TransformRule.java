package io.github.providergateway.protocol;

/**
 * How a provider transforms one system-prompt section.
 *
 * <pre>{@code {"action":"append","content":"This repo uses pnpm, not npm."}}</pre>
 *
 * @param action what to do with the section
 * @param content the static text for {@code append}, {@code prepend} and {@code replace}; absent
 *     for {@code callback}
 */
public record TransformRule(TransformAction action, String content) {

  /**
   * Checks the required fields.
   *
   * @param action what to do with the section
   * @param content the static text for {@code append}, {@code prepend} and {@code replace}; absent
   *     for {@code callback}
   * @throws NullPointerException when {@code action} is null
   * @throws IllegalArgumentException when a {@code callback} transform has {@code content}
   */
  public TransformRule {
    Require.present(action, "action");
    if (action == TransformAction.CALLBACK) {
      if (content != null) {
        throw new IllegalArgumentException("a callback transform has no content");
      }
    } else {
      Require.present(content, "content");
    }
  }

  /**
   * Append {@code content} to the section.
   *
   * @param content the text
   * @return the rule
   */
  public static TransformRule append(String content) {
    return new TransformRule(TransformAction.APPEND, content);
  }

  /**
   * Prepend {@code content} to the section.
   *
   * @param content the text
   * @return the rule
   */
  public static TransformRule prepend(String content) {
    return new TransformRule(TransformAction.PREPEND, content);
  }

  /**
   * Replace the section with {@code content}.
   *
   * @param content the section's new text
   * @return the rule
   */
  public static TransformRule replace(String content) {
    return new TransformRule(TransformAction.REPLACE, content);
  }

  /** {@return a rule that asks the provider at prompt time ({@code transform.request})} */
  public static TransformRule callback() {
    return new TransformRule(TransformAction.CALLBACK, null);
  }
}
