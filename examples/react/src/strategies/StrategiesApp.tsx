import { AdoptionCount } from "./AdoptionCount";
import { AdoptionFeed } from "./AdoptionFeed";
import { RefreshPets } from "./RefreshPets";
import { ShelterExport } from "./ShelterExport";
import { ShelterFeed } from "./ShelterFeed";
import { ShelterList } from "./ShelterList";
import { ShelterPhotos } from "./ShelterPhotos";
import { ShelterVisitors } from "./ShelterVisitors";

export function StrategiesApp() {
  return (
    <>
      <h1>Kit strategies · React</h1>
      <ShelterList />
      <ShelterFeed />
      <RefreshPets />
      <ShelterVisitors />
      <AdoptionCount />
      <AdoptionFeed />
      <ShelterPhotos />
      <ShelterExport />
    </>
  );
}
