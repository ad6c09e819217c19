package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A credential handed in a request's body or query rather than a header (decision 111). */
class KeyedFieldsTest {

  @Test
  void aKeyFieldGivenAKeysVariableIsACredential() {
    assertThat(KeyedFields.keyed("key=$STEAM_PUBLISHER_KEY")).isTrue();
    assertThat(KeyedFields.keyed("https://x.example.com/a?appid=1&key=${STEAM_KEY}")).isTrue();
    assertThat(KeyedFields.keyed("{\\\"api_key\\\":\\\"$GAME_ADMIN_KEY\\\"}")).isTrue();
    assertThat(KeyedFields.keyed("{\"token\": \"'\"$ADMIN_TOKEN\"'\"}")).isTrue();
    assertThat(KeyedFields.keyed("access_token=$FB_PAGE_TOKEN")).isTrue();
  }

  @Test
  void aLookupsKeyOrAFieldThatNamesNoCredentialIsNot() {
    assertThat(KeyedFields.keyed("key=$CACHE_KEY")).isFalse();
    assertThat(KeyedFields.keyed("key=$S3_OBJECT_KEY")).isFalse();
    assertThat(KeyedFields.keyed("steamid=$STEAM_KEY")).isFalse();
    assertThat(KeyedFields.keyed("key=$STEAM_ID")).isFalse();
    assertThat(KeyedFields.keyed("text=build done")).isFalse();
  }

  @Test
  void inlineCodeHandingAFieldAKeyFromTheEnvironmentIsACredential() {
    assertThat(KeyedFields.environmentKey("data={'key':os.environ['steam_publisher_key']}"))
        .isTrue();
    assertThat(KeyedFields.environmentKey("post(url + '?key=' + os.environ['game_admin_key'])"))
        .isTrue();
    assertThat(KeyedFields.environmentKey("{key:process.env.steam_key,orderid:'1'}")).isTrue();
  }

  @Test
  void aSecretSentAsTheBodyItselfIsDataSentNotACredential() {
    assertThat(KeyedFields.environmentKey("requests.post(u, data=os.environ['aws_secret_key'])"))
        .isFalse();
    assertThat(KeyedFields.environmentKey("fetch(u,{method:'post',body:process.env.github_token})"))
        .isFalse();
  }
}
