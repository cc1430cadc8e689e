// Written by `npm run messages` from lib/i18n/messages/ml.json: edit that, not this.
import type { Messages } from '@lingui/core';

const messages: Messages = JSON.parse(
  '{"Areca leaf, bagasse and kraft tableware from {locality}, {state}":["Areca leaf, bagasse and kraft tableware from ",["locality"],", ",["state"]],"Call {phone}":["Call ",["phone"]],"Enquiry Cart, {count} items":["Enquiry Cart, ",["count"]," items"],"For the admin panel account {username}.":["For the admin panel account ",["username"],"."],"For your account {username}.":["For your account ",["username"],"."],"Hello, {name}":["Hello, ",["name"]],"Log in with it now as {username}.":["Log in with it now as ",["username"],"."],"Signing in as {username}":["Signing in as ",["username"]],"Welcome, {name}. You are invited as {role} with the e-mail address {email}. Choose how you will sign in.":["Welcome, ",["name"],". You are invited as ",["role"]," with the e-mail address ",["email"],". Choose how you will sign in."],"You have reached the limit of {max} characters.":["You have reached the limit of ",["max"]," characters."],"{left} of {max} characters left":[["left"]," of ",["max"]," characters left"],"{name}, home":[["name"],", home"]}',
);
export default messages;
