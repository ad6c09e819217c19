package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link PromptSections}: only {@code append} may touch {@code safety} and {@code identity} (arch
 * 17, R-XFORM-06).
 */
class PromptSectionsTest {

  @ParameterizedTest(name = "[{index}] {1} on {0}: {2}")
  @CsvSource({
    "safety,              APPEND,   true",
    "safety,              PREPEND,  false",
    "safety,              REPLACE,  false",
    "safety,              CALLBACK, false",
    "identity,            APPEND,   true",
    "identity,            PREPEND,  false",
    "identity,            REPLACE,  false",
    "identity,            CALLBACK, false",
    "custom_instructions, APPEND,   true",
    "custom_instructions, PREPEND,  true",
    "custom_instructions, REPLACE,  true",
    "custom_instructions, CALLBACK, true",
    "Safety,              REPLACE,  true",
  })
  void onlyAppendMayTouchAProtectedSection(
      String section, TransformAction action, boolean allowed) {
    assertThat(PromptSections.allows(section, action)).isEqualTo(allowed);
  }

  @ParameterizedTest(name = "[{index}] {0}: {1}")
  @CsvSource({"safety, true", "identity, true", "code_change_rules, false", "'', false"})
  void protectedSectionsAreSafetyAndIdentity(String section, boolean isProtected) {
    assertThat(PromptSections.isProtected(section)).isEqualTo(isProtected);
  }
}
